package packfile_test

import (
	"fmt"
	"time"

	"github.com/ealslive/ealslive/core"
	"github.com/ealslive/ealslive/core/pack"
	"github.com/ealslive/ealslive/core/pack/packfile"
)

func ExampleEncode() {
	day := time.Date(2013, 1, 2, 0, 0, 0, 0, time.UTC).Unix()
	d, err := core.NewDataset([]core.Event{{User: "u0", Item: "b0", Time: day}})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := &pack.Pack{Source: "an example", License: "none", Subset: pack.Subset{K: 1},
		Items: []pack.Item{{ID: "b0", Name: "A café"}}, Data: d}
	b, err := packfile.Encode(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	q, err := pack.Decode(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pack.IsPack(b), q.Items[0].Name, q.Data.Len())
	// Output: true A café 1
}
