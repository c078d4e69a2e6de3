/* request.c: releasing a parsed command line (see request.h). */
#include "cli/request.h"

#include <stdlib.h>

void request_free(struct request *rq)
{
	for (uint32_t i = 0; i < rq->nsteps; i++)
		derive_step_free(&rq->steps[i]);
	free(rq->steps);
	free(rq->transforms);
	free(rq->app);
	free(rq->fail_if);
}
