/* test_srcfind.c: a method's source file under --src, on a temporary
 * directory tree built here:
 *
 *   a/com/example/Foo.kt          by package path
 *   a/com/example/Plain.java      by the outer class's name (no source)
 *   b/app/src/Bar.kt              Kotlin outside package folders
 *   b/lib/x/Bar.kt, b/lib/y/Bar.kt   (with app/src/Bar.kt: three matches)
 *   b/.hidden/Baz.kt              hidden: never found
 *   b/loop -> b                   a link to a directory: not followed
 *   "c d"/com/x/Sp ace.kt         spaces in the paths
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyze/srcfind.h"
#include "testutil.h"

static char root[4096];

static void mk(const char *rel)
{
	char path[8192];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *s = path + strlen(root) + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			mkdir(path, 0755);
			*s = '/';
		}
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("class X\n", f);
	fclose(f);
}

static int setup(void **state)
{
	(void)state;
	char *d = tu_tmpdir();
	if (!d)
		return -1;
	snprintf(root, sizeof root, "%s", d);
	free(d);
	mk("a/com/example/Foo.kt");
	mk("a/com/example/Plain.java");
	mk("b/app/src/Bar.kt");
	mk("b/lib/x/Bar.kt");
	mk("b/lib/y/Bar.kt");
	mk("b/.hidden/Baz.kt");
	mk("c d/com/x/Sp ace.kt");
	char link[8192], to[8192];
	snprintf(link, sizeof link, "%s/b/loop", root);
	snprintf(to, sizeof to, "%s/b", root);
	return symlink(to, link);
}

static int teardown(void **state)
{
	(void)state;
	char cmd[8300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

/* srcfind_find with dirs relative to the root ("a:b"). */
static void find(struct srcfind *f, const char *dirs, const char *cls, const char *source)
{
	char list[16384] = "";
	char copy[1024];
	snprintf(copy, sizeof copy, "%s", dirs);
	for (char *d = strtok(copy, ":"); d; d = strtok(NULL, ":"))
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s/%s", list[0] ? ":" : "",
		         root, d);
	assert_int_equal(srcfind_find(f, list, cls, strlen(cls), source, source ? strlen(source) : 0),
	                 TV_OK);
}

static void expect(const struct srcfind *f, size_t i, const char *rel)
{
	char want[8192];
	snprintf(want, sizeof want, "%s/%s", root, rel);
	assert_true(i < f->n);
	assert_string_equal(f->paths[i], want);
}

static void test_by_package(void **state)
{
	(void)state;
	struct srcfind f;
	find(&f, "b:a", "com/example/Foo$Inner", "Foo.kt");
	assert_int_equal(f.n, 1);
	assert_true(f.by_package);
	expect(&f, 0, "a/com/example/Foo.kt");
	srcfind_free(&f);
	/* Dotted class names read the same; without a source name the outer
	 * class's .java and .kt are tried. */
	find(&f, "a", "com.example.Plain$1", NULL);
	assert_int_equal(f.n, 1);
	expect(&f, 0, "a/com/example/Plain.java");
	srcfind_free(&f);
}

static void test_by_name(void **state)
{
	(void)state;
	struct srcfind f;
	/* Not in a package folder: the walk finds all three, sorted by path,
	 * never through the link back to b (which would repeat them). */
	find(&f, "a:b", "com/example/Bar", "Bar.kt");
	assert_false(f.by_package);
	assert_int_equal(f.n, 3);
	expect(&f, 0, "b/app/src/Bar.kt");
	expect(&f, 1, "b/lib/x/Bar.kt");
	expect(&f, 2, "b/lib/y/Bar.kt");
	srcfind_free(&f);
	/* A path in the trace's source name: its file name counts. */
	find(&f, "b", "Bar", "some/where/Bar.kt");
	assert_int_equal(f.n, 3);
	srcfind_free(&f);
	/* Spaces in directory and file names. */
	find(&f, "c d", "com/x/Q", "Sp ace.kt");
	assert_int_equal(f.n, 1);
	expect(&f, 0, "c d/com/x/Sp ace.kt");
	srcfind_free(&f);
}

static void test_none(void **state)
{
	(void)state;
	struct srcfind f;
	find(&f, "a:b", "com/example/Baz", "Baz.kt");  /* only under .hidden */
	assert_int_equal(f.n, 0);
	assert_string_equal(f.name, "Baz.kt");
	srcfind_free(&f);
	find(&f, "a", "com/example/Foo", "..");  /* never a name that leaves */
	assert_int_equal(f.n, 0);
	srcfind_free(&f);
	find(&f, "nosuchdir", "com/example/Foo", "Foo.kt");
	assert_int_equal(f.n, 0);
	srcfind_free(&f);
	srcfind_free(&f);  /* twice, and on a zeroed struct: fine */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_by_package),
		cmocka_unit_test(test_by_name),
		cmocka_unit_test(test_none),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
