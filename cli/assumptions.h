/* What a verdict assumes (docs/inference.md): the launch sizes and the
 * facts about parameters it was checked under, each with its origin, in
 * the text report, JSON ("assumptions") and SARIF.  Borrows everything. */
#ifndef MAPKIT_ASSUMPTIONS_H
#define MAPKIT_ASSUMPTIONS_H

#include "result.h"

#include <stdio.h>

/* Text: one note line, "FILE: note: kernel K assumes: blockDim =
 * (256,1,1) from the launch at main.cu:88; n = 1024 from ...", when the
 * launch states anything. */
void assumptions_text(FILE *out, const KernelResult *res);
/* JSON: `,"assumptions":[{"fact","source","loc"}...]` (always, [] when none). */
void assumptions_json(FILE *out, const KernelResult *res);
/* The one-line text SARIF's note carries; false when nothing is assumed. */
bool assumptions_line(const KernelResult *res, char *buf, size_t n);
/* --conditions: "FILE: kernel K: DRF if COND" (nothing when not asked). */
void conditions_text(FILE *out, const KernelResult *res);
/* --conditions: `,"conditions":{"status","condition"}` (nothing when not asked). */
void conditions_json(FILE *out, const KernelResult *res);
/* A racy kernel DRF under a fact about an array's contents: "FILE: note:
 * kernel K: DRF if row[] is nondecreasing (add --assume 'nondecreasing(row)')"
 * and `,"fact_hint":"nondecreasing(row)"` (nothing when none was found). */
void fact_hint_text(FILE *out, const KernelResult *res);
void fact_hint_json(FILE *out, const KernelResult *res);
/* " (launch at main.cu:88)" for a verdict of one host launch site, else "". */
void assumptions_site(const KernelResult *res, char *buf, size_t n);

#endif
