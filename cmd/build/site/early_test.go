package site

import (
	"encoding/json"
	"strings"
	"testing"

	ui "github.com/ealslive/ealslive/app"
	"github.com/ealslive/ealslive/app/work"
)

// The page's head asks the workers for the page's first training in the
// very messages the page's pool would post for it (app/worker compares
// them byte for byte to take the run over): the data pack under the
// site's prefix and the default settings, the model kept under the site's
// version.
func TestEarlyPlan(t *testing.T) {
	for _, prefix := range []string{"", "/demo/ealslive"} {
		t.Run("prefix="+prefix, func(t *testing.T) {
			o := fakeInputs(t)
			o.Prefix = prefix
			if _, err := Generate(o); err != nil {
				t.Fatal(err)
			}
			version := readVersion(t, o.Out)
			index := readSite(t, o.Out, "index.html")
			const call = "askEarly(early, "
			at := strings.Index(index, call)
			if at < 0 || at > strings.Index(index, "</head>") {
				t.Fatalf("the head of index.html does not ask the workers early (%s)", call)
			}
			var plan earlyPlan
			if err := json.NewDecoder(strings.NewReader(index[at+len(call):])).Decode(&plan); err != nil {
				t.Fatalf("the early plan does not read: %v", err)
			}
			first := ui.FirstTraining(version)
			job := work.NewMsg(work.MsgJob, earlyJob, work.JobSpec{Kind: work.JobTrain, Train: &first.Spec})
			if plan.Job.Kind != work.MsgJob || plan.Job.Job != earlyJob || plan.Job.Head != string(job.Head) {
				t.Errorf("the early job is %+v, want job %d %s", plan.Job, earlyJob, job.Head)
			}
			if first.Spec.KeyVersion != version || !first.Spec.Restore {
				t.Errorf("the early job keeps its model under version %q (restore %v), want the site's %q", first.Spec.KeyVersion, first.Spec.Restore, version)
			}
			data := work.NewMsg(work.MsgData, 0, work.DataSpec{Version: version, Config: first.Spec.Config, Pack: prefix + "/web/yelp.msgpack"})
			if plan.Data.Kind != work.MsgData || plan.Data.Head != string(data.Head) {
				t.Errorf("the early data message is %+v, want %s", plan.Data, data.Head)
			}
			if plan.SettingsKey != first.SettingsKey || plan.Settings != first.Settings || plan.Settings == "" {
				t.Errorf("the early plan tells default settings by %q = %q, want %q = %q", plan.SettingsKey, plan.Settings, first.SettingsKey, first.Settings)
			}
		})
	}
}
