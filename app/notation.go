package app

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// notation writes the page's own wording with its symbols typeset:
// "c_0", "S^q", "q_i^T", "A^{−1}" become subscripts and superscripts, so
// that prose and the equations use one notation. A mark applies to the
// braced group after it, or to the run of letters and digits. Only for
// fixed wording: text from elsewhere (an error, a business name) may hold
// "_" or "^" of its own.
//
// The result is one raw span, not Sub and Sup elements: each go-app
// element type adds to app.wasm, which is close to its size budget.
func notation(s string) app.UI {
	return app.Raw(`<span class="nt">` + notationHTML(s) + `</span>`)
}

func notationHTML(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		k := strings.IndexAny(s, "_^")
		if k < 0 {
			b.WriteString(escapeText(s))
			break
		}
		b.WriteString(escapeText(s[:k]))
		arg, n := markArg(s[k+1:])
		if n == 0 {
			b.WriteString(escapeText(s[k : k+1]))
			s = s[k+1:]
			continue
		}
		tag := "sub"
		if s[k] == '^' {
			tag = "sup"
		}
		b.WriteString("<" + tag + ">" + escapeText(arg) + "</" + tag + ">")
		s = s[k+1+n:]
	}
	return b.String()
}

// markArg returns what a "_" or "^" applies to at the start of s and how
// many bytes of s it takes, braces included; 0 if nothing.
func markArg(s string) (arg string, n int) {
	if strings.HasPrefix(s, "{") {
		if end := strings.IndexByte(s, '}'); end > 1 {
			return s[1:end], end + 1
		}
		return "", 0
	}
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		n += size
	}
	return s[:n], n
}

// escapeText escapes s for an HTML text node. Not html.EscapeString:
// package html would be linked into app.wasm for this alone.
func escapeText(s string) string {
	if !strings.ContainsAny(s, "&<>") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
