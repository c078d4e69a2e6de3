/* command.h: `:`, the command line that prints the view as text: the
 * thread scope, the steps in force, the clock, the pane below the
 * timeline as --view (its registry row's name, and the words its command
 * op adds), the size, the selection as --method, the file; shown escaped
 * on the footer, and what y copies while it shows.
 */
#ifndef TV_COMMAND_H
#define TV_COMMAND_H

struct ui;

void command_show(struct ui *u);

#endif
