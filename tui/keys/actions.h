/* actions.h: every action of the UI, its keys, where it works and its help.
 *
 * One table drives the key map (keymap.c parses the keys column), the help
 * pane (? or F1), the footer and the KEYS sections of the man page and
 * docs/ui.md (`traceview --keys-roff` / `--keys-md`), so none can drift.
 *
 * ACTION(id, panes, keys, footer, help):
 *   panes   the set of panes where the keys work (PANES_* below): list keys
 *           are declared once for every list-like pane;
 *   keys    the key names, blank separated, as people read them and as
 *           keymap.c parses them ("Up", "PgDn", "Ctrl-U", "F1", "Esc",
 *           "Shift-Left", or one printable character);
 *   footer  a word or two for the footer, "" when the footer omits it;
 *   help    one line for the help pane and the docs.
 * Within one pane no key may lead to two actions (tests/test_keys.c).
 */
#ifndef TV_ACTIONS_H
#define TV_ACTIONS_H

#include <stdio.h>

/* The kinds of pane (pane.h; which pane is which is the registry's,
 * registry.h); PANE_PROMPT is the footer's prompt. */
enum pane_kind { PANE_TABLE, PANE_TIMELINE, PANE_DIFF, PANE_TREE, PANE_FLAME, PANE_HELP,
                 PANE_CALLS, PANE_JANK, PANE_THREADS, PANE_WAITS, PANE_DIFFTREE, PANE_DIFFFLAME,
                 PANE_PROMPT, PANE_KINDS };

#define PANE_BIT(k) (1u << (k))
#define PANES_TABLE PANE_BIT(PANE_TABLE)
#define PANES_TL PANE_BIT(PANE_TIMELINE)
#define PANES_DIFF PANE_BIT(PANE_DIFF)
#define PANES_HELP PANE_BIT(PANE_HELP)
#define PANES_PROMPT PANE_BIT(PANE_PROMPT)
/* The call trees (top-down and bottom-up share one kind) and the flame
 * graph. */
#define PANES_TREE PANE_BIT(PANE_TREE)
#define PANES_FLAME PANE_BIT(PANE_FLAME)
/* The diff screen's: its table, its tree (2) and its flame graph (4);
 * and the trees and flame graphs of either screen, which move alike. */
#define PANES_DIFFS (PANES_DIFF | PANE_BIT(PANE_DIFFTREE) | PANE_BIT(PANE_DIFFFLAME))
#define PANES_TREES (PANES_TREE | PANE_BIT(PANE_DIFFTREE))
#define PANES_FLAMES (PANES_FLAME | PANE_BIT(PANE_DIFFFLAME))
/* The lists of single calls: every call of a method (5), jank (J), the
 * waits (7). */
#define PANES_CALLS PANE_BIT(PANE_CALLS)
#define PANES_WAITS PANE_BIT(PANE_WAITS)
#define PANES_ROWS (PANES_CALLS | PANE_BIT(PANE_JANK) | PANES_WAITS)
/* Every thread (6). */
#define PANES_THREADS PANE_BIT(PANE_THREADS)
/* The panes of a trace's screen, of any screen (the diff table too), the
 * method lists, every list, and those with a method history. */
#define PANES_TRACE (PANES_TABLE | PANES_TL | PANES_TREE | PANES_FLAME | PANES_ROWS | PANES_THREADS)
#define PANES_MAIN (PANES_TRACE | PANES_DIFFS)
#define PANES_METHODS (PANES_TABLE | PANES_DIFF)
#define PANES_LIST (PANES_TABLE | PANES_DIFF | PANES_TREES | PANES_HELP | PANES_ROWS | PANES_THREADS)
/* The panes with sortable columns. */
#define PANES_SORT (PANES_METHODS | PANES_CALLS | PANE_BIT(PANE_JANK) | PANES_TREES | PANES_THREADS)
#define PANES_HISTORY (PANES_METHODS | PANES_TREE | PANES_FLAME)
/* The panes of a trace that select a method: the transform keys. */
#define PANES_SHAPE (PANES_TABLE | PANES_TREE | PANES_FLAME)

#define ACTION_LIST(ACTION) \
	ACTION(ACT_HELP, PANES_MAIN, "? F1", "help", "show the keys of every pane") \
	ACTION(ACT_QUIT, PANES_MAIN, "q Ctrl-C", "quit", "quit, restoring the terminal") \
	ACTION(ACT_FOCUS, PANES_TRACE, "Tab", "", "switch focus between the timeline and the pane below it; with the timeline focused, a key it has no use for (sort, tree and transform keys) works in the pane below") \
	ACTION(ACT_FIND, PANES_MAIN, "/", "find", "find a method by name (case-insensitive unless the query has a capital); in a tree, the next node of a matching method anywhere in the tree, its path opened; in the flame graph, the next frame") \
	ACTION(ACT_FILTER, PANES_MAIN, "&", "filter", "filter: keep only the methods whose name matches (empty: all again); the header shows the filter in force") \
	ACTION(ACT_FIND_NEXT, PANES_MAIN, "n", "", "next match") \
	ACTION(ACT_FIND_PREV, PANES_MAIN, "N", "", "previous match") \
	ACTION(ACT_CLOCK, PANES_MAIN, "c", "clock", "switch the time base between CPU and real time") \
	ACTION(ACT_SCOPE, PANES_TRACE, "t", "scope", "scope every pane to the thread under the timeline cursor, or back to all threads (6 scopes to several)") \
	ACTION(ACT_WARNINGS, PANES_TRACE, "W", "", "show the warnings of a damaged trace") \
	ACTION(ACT_LEGEND, PANES_TRACE, "L", "legend", "show the legend: each category's colour, letter and time in the view, the off-CPU shade and the range shading") \
	ACTION(ACT_COLOR_BY, PANES_TRACE, "K", "", "colour the timeline, call chart and flame graph by method instead of by category, or back") \
	ACTION(ACT_EXPORT, PANES_TRACE, "e", "export", "export the current view (thread scope and clock) as folded stacks, Trace Event JSON or speedscope JSON; in a tree also its rows as --format=tree text") \
	ACTION(ACT_SPLIT_UP, PANES_TRACE, "(", "", "move the split up: a smaller timeline") \
	ACTION(ACT_SPLIT_DOWN, PANES_TRACE, ")", "", "move the split down: a larger timeline") \
	ACTION(ACT_PANE_TABLE, PANES_TRACE, "1", "panes", "show the profile table below the timeline") \
	ACTION(ACT_PANE_TREE, PANES_TRACE, "2", "panes", "show the call tree, top-down: one row per call path") \
	ACTION(ACT_PANE_BOTTOMUP, PANES_TRACE, "3", "panes", "show the call tree, bottom-up: methods by exclusive time, expanding to their callers") \
	ACTION(ACT_PANE_FLAME, PANES_TRACE, "4", "panes", "show the flame graph: merged call paths, root on top, widths in proportion to time") \
	ACTION(ACT_PANE_CALLS, PANES_TRACE, "5", "panes", "show every call of the selected method: thread, start, wall, CPU, wait, depth and caller, with a summary and a histogram of durations") \
	ACTION(ACT_PANE_JANK, PANES_TRACE, "J", "jank", "show the jank list: the main thread's outermost frame-critical calls longer than a frame (--frame), longest first, each with its cause (the category holding most of its wall time); the title names the thread and the rule that picked it among the scope's threads") \
	ACTION(ACT_PANE_THREADS, PANES_TRACE, "6", "panes", "show every thread: tid, records, CPU, wall, wait, share of the time and time by category; Enter scopes every pane to threads") \
	ACTION(ACT_PANE_WAITS, PANES_TRACE, "7", "waits", "show the waits (dual-clock traces): per thread of the scope, the innermost calls whose wait (wall - CPU) reaches --min-wait (16 ms), longest first, with the stack of the call under the cursor") \
	ACTION(ACT_DIFF_TABLE, PANES_DIFFS, "1", "views", "the diff table: one row per method, by the change in exclusive time") \
	ACTION(ACT_DIFF_TREE, PANES_DIFFS, "2", "views", "the diff call tree: both runs' top-down trees merged by call path, with A, B, the change and its % on the clock") \
	ACTION(ACT_DIFF_FLAME, PANES_DIFFS, "4", "views", "the differential flame graph: frames as wide as B's time (A's where a path is gone), coloured by the change: slower red, faster blue") \
	ACTION(ACT_OPEN_SOURCE, PANES_TRACE, "o", "source", "open the selected method's source file in $VISUAL, else $EDITOR, else vi, at its line when the trace has it; files are looked for under --src") \
	ACTION(ACT_COPY, PANES_MAIN, "y", "copy", "copy what is selected as plain text to the clipboard (OSC 52; inside tmux, tmux load-buffer -w; or the command in $TRACEVIEW_COPY): a table row with its numbers, a tree path from the root, a flame graph frame's stack; after : the command line") \
	ACTION(ACT_COPY_PANE, PANES_MAIN, "Y", "", "copy the whole pane as it shows, as plain text") \
	ACTION(ACT_COMMAND, PANES_MAIN, ":", "", "show the command line that prints this view as text (thread, range and transforms, clock, pane as --view, selection as --method), wrapped over the bottom rows; y copies it") \
	ACTION(ACT_UNDO, PANES_TRACE, "u", "undo", "undo the last step (a range or a transform) of the breadcrumb in the header") \
	ACTION(ACT_UNDO_ALL, PANES_TRACE, "U", "", "clear every step: the whole trace, untransformed") \
	ACTION(ACT_UP, PANES_LIST, "Up k", "move", "previous row") \
	ACTION(ACT_DOWN, PANES_LIST, "Down j", "move", "next row") \
	ACTION(ACT_PGUP, PANES_LIST, "PgUp", "", "previous page") \
	ACTION(ACT_PGDN, PANES_LIST, "PgDn", "", "next page") \
	ACTION(ACT_TOP, PANES_LIST, "g Home", "", "first row") \
	ACTION(ACT_BOTTOM, PANES_LIST, "G End", "", "last row") \
	ACTION(ACT_JUMP, PANES_METHODS, "Enter", "jump", "on a parent or child row: select that method; on a '... more' row: show the rest") \
	ACTION(ACT_BACK, PANES_HISTORY, "Backspace [", "back", "back to the previously selected method") \
	ACTION(ACT_FORWARD, PANES_HISTORY, "]", "fwd", "forward again") \
	ACTION(ACT_SECTION_PREV, PANES_METHODS, "{", "", "previous section of the expansion (parents, self, children)") \
	ACTION(ACT_SECTION_NEXT, PANES_METHODS, "}", "", "next section of the expansion") \
	ACTION(ACT_SORT_PREV, PANES_SORT, "<", "sort", "sort by the column to the left (call trees: the siblings at every level)") \
	ACTION(ACT_SORT_NEXT, PANES_SORT, ">", "sort", "sort by the column to the right") \
	ACTION(ACT_SORT_REVERSE, PANES_SORT, "I", "reverse", "reverse the sort order") \
	ACTION(ACT_PAN_LEFT, PANES_TL, "Left a", "pan", "pan left (moves the time cursor too)") \
	ACTION(ACT_PAN_RIGHT, PANES_TL, "Right d", "pan", "pan right") \
	ACTION(ACT_ZOOM_IN, PANES_TL, "w + =", "zoom", "zoom in around the time cursor") \
	ACTION(ACT_ZOOM_OUT, PANES_TL, "s -", "zoom", "zoom out around the time cursor") \
	ACTION(ACT_FIT_ALL, PANES_TL, "0", "fit", "fit the whole trace") \
	ACTION(ACT_FIT_CALL, PANES_TL, "f", "fit call", "fit the call under the time cursor") \
	ACTION(ACT_THREAD_UP, PANES_TL, "Up k", "thread", "previous thread (call chart: the depth row above, then the previous thread)") \
	ACTION(ACT_THREAD_DOWN, PANES_TL, "Down j", "thread", "next thread (call chart: the depth row below, then the next thread)") \
	ACTION(ACT_NEXT_CALL, PANES_TL, ".", "calls", "next call of the selected method") \
	ACTION(ACT_PREV_CALL, PANES_TL, ",", "calls", "previous call of the selected method") \
	ACTION(ACT_PICK, PANES_TL, "Enter", "pick", "select the method under the time cursor (call chart: the call at the chosen depth)") \
	ACTION(ACT_CHART, PANES_TRACE, "x", "chart", "open the call chart of the thread under the timeline cursor (its calls over time, one row per depth), or fold it back; from a pane below, the timeline takes the focus") \
	ACTION(ACT_AXIS, PANES_TL, "T", "cpu axis", "switch the timeline and the call chart between wall time and each thread's own CPU time (dual-clock traces): a thread's calls close up where it was off the CPU; the ruler says which shows") \
	ACTION(ACT_CURSOR_LEFT, PANES_TL, "h Shift-Left", "", "move the time cursor one column left") \
	ACTION(ACT_CURSOR_RIGHT, PANES_TL, "l Shift-Right", "", "move the time cursor one column right") \
	ACTION(ACT_EXPAND, PANES_TREES, "Right l", "open", "expand the node under the cursor") \
	ACTION(ACT_COLLAPSE, PANES_TREES, "Left h", "close", "collapse the node, or go to its parent when it is collapsed") \
	ACTION(ACT_TOGGLE, PANES_TREES, "Enter", "", "expand or collapse the node") \
	ACTION(ACT_HOT_PATH, PANES_TREES, "*", "hot path", "expand the hottest path below the node all the way down") \
	ACTION(ACT_EXPAND_ALL, PANES_TREES, "E", "", "expand everything, level by level, up to 100000 rows") \
	ACTION(ACT_COLLAPSE_ALL, PANES_TREES, "X", "", "collapse everything") \
	ACTION(ACT_SHOW_CALL, PANES_ROWS, "Enter", "show", "show the call on the timeline: its thread, the time cursor at its start, the view fitted to it") \
	ACTION(ACT_THREAD_MARK, PANES_THREADS, "Space", "mark", "mark the thread under the cursor, or unmark it, and move to the next row") \
	ACTION(ACT_THREAD_SCOPE, PANES_THREADS, "Enter", "scope", "scope every pane to the marked threads together, else to the thread under the cursor (t: back to all threads)") \
	ACTION(ACT_WAIT_MORE, PANES_WAITS, "+ =", "threshold", "twice the least wait listed: fewer, longer waits") \
	ACTION(ACT_WAIT_LESS, PANES_WAITS, "-", "threshold", "half the least wait listed: more, shorter waits") \
	ACTION(ACT_FRAME_UP, PANES_FLAMES, "Up k", "move", "the frame above: the caller") \
	ACTION(ACT_FRAME_DOWN, PANES_FLAMES, "Down j", "move", "the widest frame below: a callee") \
	ACTION(ACT_FRAME_PREV, PANES_FLAMES, "Left h", "move", "the next frame to the left at the same depth: a sibling, else a cousin") \
	ACTION(ACT_FRAME_NEXT, PANES_FLAMES, "Right l", "move", "the next frame to the right at the same depth") \
	ACTION(ACT_ZOOM_FRAME, PANES_FLAMES, "Enter z", "zoom", "zoom into the frame: it takes the full width") \
	ACTION(ACT_UNZOOM, PANES_FLAMES, "Z Esc", "out", "zoom out one level") \
	ACTION(ACT_T_FOCUS, PANES_SHAPE, "F", "focus", "focus on the selected method: only its calls and what they call (focus:Class.name)") \
	ACTION(ACT_T_MERGE, PANES_SHAPE, "M", "merge", "merge the selected method into its callers: its time becomes theirs (merge:Class.name)") \
	ACTION(ACT_T_DROP, PANES_SHAPE, "D", "drop", "drop the selected method with everything it calls (drop:Class.name)") \
	ACTION(ACT_T_REC, PANES_SHAPE, "R", "", "collapse the selected method's direct recursion into one call (rec:Class.name)") \
	ACTION(ACT_T_COLLAPSE, PANES_SHAPE, "C", "", "collapse a package into one node: a prompt, prefilled with the selected class's package and .*, takes the pattern (collapse:GLOB)") \
	ACTION(ACT_T_APP, PANES_SHAPE, "A", "my code", "only my code: keep the app's packages and merge the rest into their callers; a prompt, prefilled with --app or the guessed packages, takes them (app:GLOB,...)") \
	ACTION(ACT_RANGE, PANES_TL, "v", "range", "start a time range at the time cursor; again: end it there and apply it as a step") \
	ACTION(ACT_RANGE_CALL, PANES_TL, "V", "", "a time range over the call under the time cursor, applied as a step") \
	ACTION(ACT_RANGE_CANCEL, PANES_TL, "Esc Ctrl-G", "", "cancel a time range being selected (after v, or during a mouse drag)") \
	ACTION(ACT_CLOSE, PANES_HELP, "q ? Esc L", "close", "close this pane") \
	ACTION(ACT_ACCEPT, PANES_PROMPT, "Enter", "keep", "accept the prompt (find: keep the match, a jump)") \
	ACTION(ACT_CANCEL, PANES_PROMPT, "Esc Ctrl-G", "cancel", "cancel the prompt (find: back to the method selected before)") \
	ACTION(ACT_ERASE, PANES_PROMPT, "Backspace", "", "erase the last character") \
	ACTION(ACT_CLEAR, PANES_PROMPT, "Ctrl-U", "", "clear the prompt")

enum action {
	ACT_NONE = 0,
#define ACTION_ENUM(id, panes, keys, footer, help) id,
	ACTION_LIST(ACTION_ENUM)
#undef ACTION_ENUM
	ACT_COUNT
};

struct action_info {
	enum action id;
	unsigned panes;      /* PANE_BIT() set */
	const char *keys;
	const char *footer;
	const char *help;
};

/* The table, ACT_COUNT - 1 entries, in ACTION_LIST order. */
const struct action_info *actions_table(unsigned *n);
/* The entry of one action (a valid id). */
const struct action_info *actions_info(enum action a);

/* The sections of the docs and the help pane: each a set of panes and a
 * title; every action's set is one of them. */
unsigned actions_nsections(void);
const char *actions_section(unsigned i, unsigned *panes);

/* The KEYS section as roff (man page) or Markdown (docs/ui.md). */
void actions_doc(FILE *out, int roff);

#endif
