package app

import "testing"

// The job the page's head asks for early is the one the page asks for when
// nothing says otherwise: the default settings, restoring a kept model;
// and the settings the page stores after training with the defaults are
// the ones the head takes for defaults.
func TestFirstTrainingIsThePagesFirstJob(t *testing.T) {
	first := FirstTraining("v1")
	if want := trainingSpec("v1", pageConfig(), true); first.Spec != want {
		t.Errorf("the early job is %+v, the page's first is %+v", first.Spec, want)
	}
	if first.SettingsKey != settingsKey || first.Settings != settingsQuery(pageConfig()) {
		t.Errorf("defaults are told by %q = %q, the page stores them as %q = %q",
			first.SettingsKey, first.Settings, settingsKey, settingsQuery(pageConfig()))
	}
	sc, notes, _ := parseScenario(first.Settings, pageConfig(), func(string) (int32, bool) { return 0, false })
	if len(notes) > 0 || sc.Config != first.Spec.Config {
		t.Errorf("the stored defaults read back as %+v (notes %v), want %+v", sc.Config, notes, first.Spec.Config)
	}
}
