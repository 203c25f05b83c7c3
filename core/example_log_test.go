package core_test

import (
	"fmt"
	"strings"

	"github.com/ealslive/ealslive/core"
)

func ExampleReadLog() {
	ratings := `userId,movieId,rating,timestamp
1,31,2.5,1260759144
1,1029,3.0,1260759179
1,1061,4.0,1260759182
2,31,5.0,835355493
2,1029,4.0,835355681
3,1061,4.5,1298861675
3,31,1.0,1298861589
`
	movies := `movieId,title,genres
31,Dangerous Minds (1995),Drama
1029,Dumbo (1941),Animation|Children|Drama|Musical
1061,Sleepers (1996),Thriller
`
	items, err := core.ReadItems(strings.NewReader(movies), "movies.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := core.ReadLog(strings.NewReader(ratings), "ratings.csv", core.LogOptions{MinRating: 3, Items: items})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Format, "with", l.ItemFormat)
	fmt.Println(l.Data.NumUsers(), "users,", l.Data.NumItems(), "items,", l.Data.Len(), "interactions")
	for _, note := range l.Notes() {
		fmt.Println(note)
	}
	fmt.Println(l.ItemLabel(0), l.Items[0].Categories)
	// Output:
	// MovieLens ratings.csv with MovieLens movies.csv
	// 3 users, 3 items, 5 interactions
	// 2 rows rated below 3 left out
	// Dumbo (1941) [Animation Children Drama Musical]
}

func ExampleReadLog_error() {
	log := "user;item;stars\nann;Cafe Alma;5\nbob;Cafe Brio;five\n"
	_, err := core.ReadLog(strings.NewReader(log), "stars.csv", core.LogOptions{})
	fmt.Println(err)
	// Output:
	// stars.csv:3: column 3 (rating): "five" is not a number
}

func ExamplePlanted() {
	w, err := core.Planted(core.DefaultPlanted())
	if err != nil {
		fmt.Println(err)
		return
	}
	d := w.Data
	fmt.Println(d.NumUsers(), "users,", d.NumItems(), "items in", len(w.GroupNames), "cuisines:", strings.Join(w.GroupNames[:3], ", "), "…")
	u := int32(0)
	inside := 0
	for _, i := range d.UserItems(u) {
		if w.ItemGroup[i] == w.UserGroup[u] {
			inside++
		}
	}
	fmt.Printf("user %s likes %s food: %d of their %d places serve it\n", d.UserKey(u), w.GroupNames[w.UserGroup[u]], inside, len(d.UserItems(u)))
	// Output:
	// 1000 users, 400 items in 8 cuisines: Italian, Mexican, Japanese …
	// user u0 likes Mexican food: 11 of their 12 places serve it
}
