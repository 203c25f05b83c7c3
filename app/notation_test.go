package app

import "testing"

func TestNotation(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"c_0 = 512", "c<sub>0</sub> = 512"},
		{"w_new, weight of a click", "w<sub>new</sub>, weight of a click"},
		{"S^q = Σ_i c_i q_i q_i^T", "S<sup>q</sup> = Σ<sub>i</sub> c<sub>i</sub> q<sub>i</sub> q<sub>i</sub><sup>T</sup>"},
		{"A^{−1} and f_i^α", "A<sup>−1</sup> and f<sub>i</sub><sup>α</sup>"},
		{"p_you · q_i.", "p<sub>you</sub> · q<sub>i</sub>."},
		// A mark with nothing after it stays as it is; markup is escaped.
		{"a _ b ^ and x_", "a _ b ^ and x_"},
		{"x^{ and <b>", "x^{ and &lt;b&gt;"},
		{"“c_i”", "“c<sub>i</sub>”"},
	} {
		if got := notationHTML(tc.in); got != tc.want {
			t.Errorf("notationHTML(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
