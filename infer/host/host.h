/* Launches in the host code (docs/inference.md): every `k<<<g, b, s>>>(...)`,
 * cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaLaunchKernelEx and
 * cuLaunchKernel of a kernel (also held in a function pointer or passed
 * as a parameter: launch_forms.c), in the translation unit and the
 * project's headers, becomes a Launch value of that kernel
 * (Kernel.host_launches, one per site; per iteration of a counted loop,
 * per instantiation of a host template, per call of a lambda).
 *
 * The launch and argument expressions are evaluated by constant
 * propagation through the host code: literals, #define, const/constexpr,
 * enum, arithmetic, dim3 fields and constructors, variables that are
 * never assigned after their initialisation, braced arrays and structs,
 * members every constructor sets alike, min/max and ceil (host_values.c),
 * helper functions that declare locals and return,
 * a helper's parameter that every call gives the same constant, and the
 * kernel's template arguments.  An unknown host value (`n` read from argv)
 * keeps its relation: grid = (n + 255) / 256 with n passed as the
 * kernel's `n` gives the fact gridDim.x * 256 >= n, also when n is
 * assigned before it is read (host_settled.c), and a block of `m - 44`
 * threads with m passed gives blockDim.x = m - 44; a variable that only
 * grows from constants gives a lower bound.  __launch_bounds__(N)
 * adds blockDim.x * blockDim.y * blockDim.z <= N to each.
 *
 * Ownership: the Launch arrays live in the Program's arena. */
#ifndef MAPKIT_INFER_HOST_H
#define MAPKIT_INFER_HOST_H

#include "calls.h"
#include "cursor.h"

/* The SrcFile a Loc at cursor c points into (the .cu, or a project
 * header the Program owns); NULL when c is not in the project's code (a
 * system header, mapkit's own CUDA header) or the file cannot be read. */
typedef const SrcFile *(*HostSource)(void *ctx, CXCursor c);

/* Fills kernels[i]->host_launches for each kernel cursor kc[i].  A
 * launch that passes one buffer as two pointer parameters (`x, x + 1`),
 * or in the pointer members of a struct argument (`Args a = {x, x}`,
 * `a.out = x;`), makes their arrays one (alias.h); a launch that cannot be read makes
 * each kernel checked for every launch too.  What the kernels then rest
 * on is in their `assumes` (infer_pointer_assumptions). */
void infer_host_launches(Program *p, CXTranslationUnit tu, const CXCursor *kc,
                         Kernel **kernels, int n, HostSource source, void *ctx, Diag *d);

/* The same in steps, for kernels whose launches sit in several
 * translation units (a project: docs/projects.md).  kc[i] are the
 * kernels' definitions, in the unit that infers them, which must stay
 * parsed until host_reader_finish; each host_reader_read reads one
 * unit's launch sites (the kernels' own unit, or another that declares
 * them), matched to kc by USR, with source giving that unit's files;
 * finish adds what the kernels then rest on and frees the reader. */
typedef struct HostReader HostReader;

/* The facts of a unit's calls, into out (appended). */
void host_calls_of_unit(CXTranslationUnit tu, HostCalls *out);
/* The project's calls, for the reader's launches (borrowed until finish). */
void host_reader_use_calls(HostReader *r, const HostCalls *calls);
HostReader *host_reader_new(Program *p, const CXCursor *kc, Kernel **kernels, int n, HostSource source, void *ctx,
                            Diag *d);
void host_reader_read(HostReader *r, CXTranslationUnit tu, HostSource source, void *ctx);
void host_reader_finish(HostReader *r);

/* The no-alias assumption of each kernel with two pointer parameters or
 * more whose launches do not show what they point to (shown[i]: they do;
 * NULL: no launch is read, as with --no-host), and of each whose struct
 * arguments' pointer members some launch does not show (members_unsure[i]). */
void infer_pointer_assumptions(Program *p, const CXCursor *kc, Kernel **kernels, int n, const bool *shown,
                               const bool *members_unsure);

#endif
