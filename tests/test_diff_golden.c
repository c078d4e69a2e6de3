/* test_diff_golden.c: the reports of a diff (text, CSV, JSON, folded) of
 * the hand-worked pair (difftest.h), whole, against golden strings. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/diff.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "difftest.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

/* ------------------------------------------------------------ golden */

/* The pair's reports, every number checked against the comment of
 * pair_base/pair_new: e.g. work cpu 10 -> 21 µs is +0.011 ms, +110.0%;
 * run wall 46 -> 42 is -0.004 ms, -4/46 = -8.7%; toplevel +25.0%. */
static const char *const gold_text =
	"base       base.trace\n"
	"new        new.trace\n"
	"threads    base 1 of 1 selected, new 1 of 1 selected\n"
	"clocks     cpu wall (recorded by both)\n"
	"methods    2 changed, 1 added, 1 removed, 1 same\n"
	"toplevel            Base           New         Delta    Delta%  (incl, ms)\n"
	"  cpu              0.040         0.050        +0.010     +25.0\n"
	"  wall             0.080         0.100        +0.020     +25.0\n"
	"\n"
	"Methods (times in ms; Delta% of Base; Calls not recursive, Rec recursive; sorted by |"
	"Excl Delta| of Real)\n"
	"  Cpu (ms)                                                                        Real"
	" (ms)\n"
	"     Excl Base      Excl New    Excl Delta    Delta%     Incl Base      Incl New     E"
	"xcl Base      Excl New    Excl Delta    Delta%     Incl Base      Incl New  Calls Base"
	"   Calls New    Rec Base     Rec New  Status   Name\n"
	"         0.010         0.021        +0.011    +110.0         0.010         0.021      "
	"   0.020         0.042        +0.022    +110.0         0.020         0.042           1"
	"           2           0           0           com.ex.Main.work (I)V\n"
	"             -         0.003        +0.003       new             -         0.003      "
	"       -         0.006        +0.006       new             -         0.006           -"
	"           1           -           0  added    com.ex.New.fresh ()V\n"
	"         0.023         0.021        -0.002      -8.7         0.040         0.050      "
	"   0.046         0.042        -0.004      -8.7         0.080         0.100           1"
	"           1           0           0           com.ex.Main.run ()V\n"
	"         0.002             -        -0.002      gone         0.002             -      "
	"   0.004             -        -0.004      gone         0.004             -           1"
	"           -           0           -  removed  com.ex.Old.gone ()V\n"
	"         0.005         0.005         0.000       0.0         0.005         0.005      "
	"   0.010         0.010         0.000       0.0         0.010         0.010           1"
	"           1           0           0           com.ex.Util.log (Ljava/lang/String;)V\n";

static const char *const gold_csv =
	"status,class,name,signature,"
	"base_incl_cpu_usec,new_incl_cpu_usec,base_excl_cpu_usec,new_excl_cpu_usec,"
	"delta_excl_cpu_usec,delta_excl_cpu_pct,"
	"base_incl_wall_usec,new_incl_wall_usec,base_excl_wall_usec,new_excl_wall_usec,"
	"delta_excl_wall_usec,delta_excl_wall_pct,base_calls,new_calls,"
	"base_recursive_calls,new_recursive_calls,base_id,new_id\r\n"
	"toplevel,,(toplevel),,40,50,0,0,0,,80,100,0,0,0,,1,1,0,0,,\r\n"
	"changed,com.ex.Main,work,(I)V,10,21,10,21,11,110.00,20,42,20,42,22,110.00,"
	"1,2,0,0,0x14,0x104\r\n"
	"added,com.ex.New,fresh,()V,,3,,3,3,,,6,,6,6,,,1,,0,,0x10c\r\n"
	"changed,com.ex.Main,run,()V,40,50,23,21,-2,-8.70,80,100,46,42,-4,-8.70,"
	"1,1,0,0,0x10,0x100\r\n"
	"removed,com.ex.Old,gone,()V,2,,2,,-2,-100.00,4,,4,,-4,-100.00,1,,0,,0x1c,\r\n"
	"same,com.ex.Util,log,(Ljava/lang/String;)V,5,5,5,5,0,0.00,10,10,10,10,0,0.00,"
	"1,1,0,0,0x18,0x108\r\n";

static const char *const gold_json =
	"{\n"
	"  \"schema\": 2,\n"
	"  \"base\": {\"file\": \"base.trace\", \"clock\": \"dual\", \"threads\": 1, \"tid\": n"
	"ull},\n"
	"  \"new\": {\"file\": null, \"clock\": \"dual\", \"threads\": 1, \"tid\": null},\n"
	"  \"clocks\": [\"cpu\", \"wall\"],\n"
	"  \"clock\": \"wall\",\n"
	"  \"counts\": {\"changed\": 2, \"added\": 1, \"removed\": 1, \"same\": 1},\n"
	"  \"toplevel\": {\"base\": {\"incl_cpu_usec\": 40, \"excl_cpu_usec\": 0, \"incl_wall_u"
	"sec\": 80, \"excl_wall_usec\": 0},\n"
	"    \"new\": {\"incl_cpu_usec\": 50, \"excl_cpu_usec\": 0, \"incl_wall_usec\": 100, \""
	"excl_wall_usec\": 0},\n"
	"    \"delta\": {\"incl_cpu_usec\": 10, \"excl_cpu_usec\": 0, \"incl_wall_usec\": 20, "
	"\"excl_wall_usec\": 0}},\n"
	"  \"methods\": [\n"
	"    {\"class\": \"com.ex.Main\", \"name\": \"work\", \"signature\": \"(I)V\", \"status"
	"\": \"changed\",\n"
	"     \"base\": {\"id\": \"0x14\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 10, \"excl_cpu_usec"
	"\": 10, \"incl_wall_usec\": 20, \"excl_wall_usec\": 20},\n"
	"     \"new\": {\"id\": \"0x104\", \"calls\": 2, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 21, \"excl_cpu_usec"
	"\": 21, \"incl_wall_usec\": 42, \"excl_wall_usec\": 42},\n"
	"     \"delta\": {\"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 11, \"excl_cpu_usec\": 11, \"incl_wa"
	"ll_usec\": 22, \"excl_wall_usec\": 22}},\n"
	"    {\"class\": \"com.ex.New\", \"name\": \"fresh\", \"signature\": \"()V\", \"status"
	"\": \"added\",\n"
	"     \"base\": null,\n"
	"     \"new\": {\"id\": \"0x10c\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 3, \"excl_cpu_usec"
	"\": 3, \"incl_wall_usec\": 6, \"excl_wall_usec\": 6},\n"
	"     \"delta\": {\"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 3, \"excl_cpu_usec\": 3, \"incl_wall"
	"_usec\": 6, \"excl_wall_usec\": 6}},\n"
	"    {\"class\": \"com.ex.Main\", \"name\": \"run\", \"signature\": \"()V\", \"status\""
	": \"changed\",\n"
	"     \"base\": {\"id\": \"0x10\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 40, \"excl_cpu_usec"
	"\": 23, \"incl_wall_usec\": 80, \"excl_wall_usec\": 46},\n"
	"     \"new\": {\"id\": \"0x100\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 50, \"excl_cpu_usec"
	"\": 21, \"incl_wall_usec\": 100, \"excl_wall_usec\": 42},\n"
	"     \"delta\": {\"calls\": 0, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 10, \"excl_cpu_usec\": -2, \"incl_wa"
	"ll_usec\": 20, \"excl_wall_usec\": -4}},\n"
	"    {\"class\": \"com.ex.Old\", \"name\": \"gone\", \"signature\": \"()V\", \"status\""
	": \"removed\",\n"
	"     \"base\": {\"id\": \"0x1c\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 2, \"excl_cpu_usec"
	"\": 2, \"incl_wall_usec\": 4, \"excl_wall_usec\": 4},\n"
	"     \"new\": null,\n"
	"     \"delta\": {\"calls\": -1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": -2, \"excl_cpu_usec\": -2, \"incl_w"
	"all_usec\": -4, \"excl_wall_usec\": -4}},\n"
	"    {\"class\": \"com.ex.Util\", \"name\": \"log\", \"signature\": \"(Ljava/lang/Strin"
	"g;)V\", \"status\": \"same\",\n"
	"     \"base\": {\"id\": \"0x18\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 5, \"excl_cpu_usec"
	"\": 5, \"incl_wall_usec\": 10, \"excl_wall_usec\": 10},\n"
	"     \"new\": {\"id\": \"0x108\", \"calls\": 1, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 5, \"excl_cpu_usec"
	"\": 5, \"incl_wall_usec\": 10, \"excl_wall_usec\": 10},\n"
	"     \"delta\": {\"calls\": 0, \"recursive_calls\": 0, "
	"\"incl_cpu_usec\": 0, \"excl_cpu_usec\": 0, \"incl_wall"
	"_usec\": 0, \"excl_wall_usec\": 0}}\n"
	"  ]\n"
	"}\n";

static const char *const gold_folded =
	"com.ex.Main.run 46 42\n"
	"com.ex.Main.run;com.ex.Main.work 20 42\n"
	"com.ex.Main.run;com.ex.New.fresh 0 6\n"
	"com.ex.Main.run;com.ex.Old.gone 4 0\n"
	"com.ex.Main.run;com.ex.Util.log 10 10\n";

static void test_golden_text(void **state)
{
	const struct diff *d = pair_load(*state);
	char *t = text_of(d, "base.trace", "new.trace");
	assert_string_equal(t, gold_text);
	free(t);
}

static void test_golden_csv(void **state)
{
	const struct diff *d = pair_load(*state);
	char *t = csv_of(d);
	assert_string_equal(t, gold_csv);
	free(t);
}

static void test_golden_json(void **state)
{
	const struct diff *d = pair_load(*state);
	char *t = json_of(d, "base.trace", NULL);
	assert_string_equal(t, gold_json);
	free(t);
}

/* Wall, no signatures: run 46/42, work 20/42, fresh 0/6, gone 4/0, log
 * 10/10, children of run by name. CPU with signatures: the signature
 * follows the name, its ';' as ','. */
static void test_golden_folded(void **state)
{
	struct fx *f = *state;
	pair_load(f);
	char *t = folded_of(&f->r[0].p, &f->r[1].p, TV_WALL, 0);
	assert_string_equal(t, gold_folded);
	free(t);
	t = folded_of(&f->r[0].p, &f->r[1].p, TV_CPU, 1);
	assert_string_equal(t,
		"com.ex.Main.run()V 23 21\n"
		"com.ex.Main.run()V;com.ex.Main.work(I)V 10 21\n"
		"com.ex.Main.run()V;com.ex.New.fresh()V 0 3\n"
		"com.ex.Main.run()V;com.ex.Old.gone()V 2 0\n"
		"com.ex.Main.run()V;com.ex.Util.log(Ljava/lang/String,)V 5 5\n");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_golden_text, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_golden_csv, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_golden_json, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_golden_folded, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
