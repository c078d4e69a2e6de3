/* command.h: `:`, the command line that prints the view as text: the
 * thread scope, the steps in force, the clock, the pane below the
 * timeline as --view (its registry row's name, and the words its command
 * op adds), the size, the selection as --method, the file; shown escaped
 * over the bottom rows, wrapped between words at the screen's width, and
 * what y copies while it shows.
 */
#ifndef TV_COMMAND_H
#define TV_COMMAND_H

struct ui;

void command_show(struct ui *u);
/* While it shows: the command line over the footer and the rows above it
 * it needs (half the screen at most), after the frame's other windows
 * went out, before doupdate(). */
void command_draw(struct ui *u);

#endif
