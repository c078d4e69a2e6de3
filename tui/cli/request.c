/* request.c: releasing a parsed command line (see request.h). */
#include "cli/request.h"

#include <stdlib.h>

#include "cli/configfile.h"

void request_free(struct request *rq)
{
	for (uint32_t i = 0; i < rq->nsteps; i++)
		derive_step_free(&rq->steps[i]);
	free(rq->steps);
	free(rq->transforms);
	free(rq->threads);
	free(rq->app);
	for (int i = 0; i < rq->nfail_if; i++)
		gate_rule_free(&rq->fail_if[i]);
	free(rq->fail_if);
	match_spec_free(&rq->method_spec);
	configfile_free(rq->config);
	free(rq->config);
}
