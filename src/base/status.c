/* status.c: messages for enum tv_status. */
#include "base/status.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const tv_status_msgs[] = {
#define TV_STATUS_MSG(id, msg) msg,
	TV_STATUS_LIST(TV_STATUS_MSG)
#undef TV_STATUS_MSG
};

const char *tv_status_str(enum tv_status code)
{
	if ((unsigned)code >= TV_STATUS_COUNT)
		return "unknown error";
	return tv_status_msgs[code];
}

enum tv_status tv_fail(struct tv_error *err, enum tv_status code,
                       uint64_t offset, const char *detail_fmt, ...)
{
	if (!err)
		return code;
	err->code = code;
	err->offset = offset;
	err->detail[0] = '\0';
	if (detail_fmt) {
		va_list ap;
		va_start(ap, detail_fmt);
		vsnprintf(err->detail, sizeof err->detail, detail_fmt, ap);
		va_end(ap);
	}
	return code;
}

void tv_error_format(const struct tv_error *err, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s%s%s", tv_status_str(err->code),
	                 err->detail[0] ? ": " : "", err->detail);
	if (n < 0 || (size_t)n >= size || err->offset == TV_NO_OFFSET)
		return;
	snprintf(buf + n, size - (size_t)n, " (offset %llu)",
	         (unsigned long long)err->offset);
}
