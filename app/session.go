package app

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/ealslive/ealslive/app/datainfo"
	"github.com/ealslive/ealslive/app/visitor"
	"github.com/ealslive/ealslive/core"
)

// session is the page on one visit. It makes the owners of what the
// sections share (you, the runs, the views), hands the sections their
// commands, starts the workers, and carries what one owner tells the
// others: new data gives you your clicks on it, a trained model is handed
// to you, a failure stops everything. No section holds it.
type session struct {
	board *board
	views *views
	you   *you
	runs  *runner
	guide *guide
	link  scenario
}

func newSession() *session {
	b := &board{probe: newProbe()}
	s := &session{board: b}
	s.views = newViews(b)
	s.you = newYou(b, s, localStore{})
	s.runs = newRunner(b, s, app.Getenv("GOAPP_VERSION"), "")
	s.guide = newGuide(b, commands{s.you, s.runs, s.views, nil}, s.you, s.runs, s.views)
	return s
}

// commands are what the sections may ask, each of its owner.
func (s *session) commands() commands { return commands{s.you, s.runs, s.views, s.guide} }

// start runs the page once it is in the browser: presenter mode and the
// settings its address asks for, the workers, and the data with the first
// training asked for at once, not once the data is in: the workers take it
// after the data, and a kept model comes back a round trip sooner.
func (s *session) start(ctx app.Context) {
	s.board.mount(ctx)
	s.runs.packURL = ctx.ResolveStaticResource("/web/yelp.msgpack")
	s.link.startPresenter(s.views)
	pool, err := startPool(workerCount(), ctx.ResolveStaticResource("/web/worker.js"), func(why string) {
		s.board.dispatch(func() {
			s.fail(datainfo.Failure{Title: "The model's workers stopped",
				Detail: "The page's Web Workers, which train and evaluate the model, stopped working: " + why + ".",
				Hint:   "Reload the page; your clicks are kept. If it happens again, the browser may be short of memory: close other tabs."})
		})
	})
	if err != nil {
		s.fail(datainfo.Failure{Title: "This browser cannot run the model",
			Detail: "The page trains its model in Web Workers, and this browser did not start them: " + err.Error() + ".",
			Hint:   "Open the page in a current Firefox, Chrome, Edge or Safari."})
		return
	}
	s.runs.pool = pool
	listenToOtherTabs(s.board, s.you)
	// The workers download the pack themselves, and have most often
	// decoded it by now (see work.DecodeAhead): the page only names it (or
	// the file or planted world chosen on an earlier visit), with the
	// settings of its first training, so that worker 0 reads the model kept
	// for them ahead.
	cfg := s.link.firstSettings(s.views)
	src := s.link.firstSource(s.views)
	if k, hide, ok := s.link.lesson(); ok {
		// A lesson's step opens on its own data and settings.
		src, cfg = s.guide.openFromLink(k, hide)
	}
	s.runs.inUse.Config = cfg
	s.runs.source = src
	s.runs.load(src, nil, false)
	s.runs.Train(cfg)
}

// dataArrived makes you the visitor on the data d, from src, with your
// clicks on it, or a scenario link's, once the data the link was made on
// is in.
func (s *session) dataArrived(d dataSet, src dataSource, first bool) {
	hash := ""
	if src.Kind != datainfo.SourcePack {
		hash = d.Info.Hash
	}
	s.you.forData(d.Cat, hash)
	switch {
	case src.Kind == datainfo.SourceFile && s.link.file != "" && src.File == s.link.file:
		s.link.file = "" // the file the link's likes wait for
		s.link.apply(d.Cat, d.words(), s.views, s.you)
	case first:
		s.link.apply(d.Cat, d.words(), s.views, s.you)
	}
	s.guide.dataArrived()
	s.you.publish()
}

// modelArrived hands you the trained model, and brings a link's section
// back into view: the sections above it may have grown while it trained.
func (s *session) modelArrived(m *core.Model) error {
	if err := s.you.attach(m); err != nil {
		return err
	}
	if v := s.link.view; v != "" {
		s.link.view = ""
		s.views.ShowView(v)
	}
	s.guide.modelArrived()
	return nil
}

// modelGone lets you go of the model in use: your clicks wait for the
// next.
func (s *session) modelGone() { s.you.detach() }

func (s *session) note(msg string)          { s.views.Note(msg) }
func (s *session) announce(msg string)      { s.views.Announce(msg, false) }
func (s *session) runEnded(kind runKind)    { s.guide.runEnded(kind) }
func (s *session) youChanged(y visitor.You) { s.guide.youChanged(y) }

// fail stops the page on f, which the notices show at the top.
func (s *session) fail(f datainfo.Failure) {
	s.views.fail(f)
	s.runs.halt()
	s.you.halt()
}

// workerCount is how many workers share the page's long work: one per
// core the browser reports, at least one and at most four (more copies of
// the data and model cost memory for little gain).
func workerCount() int {
	n := app.Window().Get("navigator").Get("hardwareConcurrency")
	if !n.Truthy() {
		return 2
	}
	return min(max(n.Int(), 1), 4)
}
