/* The models the front end runs with, and the order of their rows
 * (model.h): this table is where a model is registered.  The order within
 * a tier is the order in which the rows are tried; it is part of their
 * meaning (docs/architecture-infer.md, "To add a library model").
 *
 * Ownership: constants. */
#include "registry.h"

#include "models.h"

static const Model *const models[] = {
    &model_annotations, &model_math, &model_groups, &model_opencl,
    &model_cub,         &model_casloop, &model_templates, &model_generated,
};

static const CallRow rows[] = {
    /* The generator's helpers (docs/codegen.md), by name before any body
     * the generated file gives them.  The same handlers come again among
     * the built-ins, for every name: a `__mapkit_` name none of them took
     * here is refused there too. */
    {TIER_GENERATOR, "__mapkit_", NULL, NULL, annotation_call},
    {TIER_GENERATOR, "__mapkit_", NULL, NULL, arith_call},
    {TIER_GENERATOR, "__mapkit_", NULL, &dialect_cuda, surface_call},
    {TIER_GENERATOR, "__mapkit_", NULL, &dialect_cuda, curand_call},
    {TIER_GENERATOR, "__mapkit_", NULL, &dialect_opencl, opencl_call},
    /* Libraries, by the declaration called (or the object's written type). */
    {TIER_LIBRARY, NULL, NULL, NULL, libcuxx_call},
    {TIER_LIBRARY, NULL, NULL, NULL, cub_call},
    /* Callees left open, after a body clang resolved: a template's
     * candidates (one for the whole block), a function pointer's targets
     * (one per thread). */
    {TIER_DEPENDENT, NULL, NULL, NULL, construct_conversion_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, dependent_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, fnptr_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, dependent_method_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, dependent_object_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, functor_call},
    /* The dialects' built-ins, when the file gives no body. */
    {TIER_BUILTIN, NULL, NULL, NULL, memops_call},
    {TIER_BUILTIN, NULL, barrier_names, NULL, barrier_call},
    {TIER_BUILTIN, NULL, fence_names, NULL, fence_call},
    {TIER_BUILTIN, NULL, syncwarp_names, NULL, syncwarp_call},
    {TIER_BUILTIN, NULL, NULL, NULL, warp_collective},
    {TIER_BUILTIN, NULL, NULL, NULL, warp_tile_query},
    {TIER_BUILTIN, NULL, NULL, NULL, group_call},
    {TIER_BUILTIN, NULL, NULL, NULL, annotation_call},
    {TIER_BUILTIN, "atomic", NULL, NULL, cuda_atomic_call},
    {TIER_BUILTIN, NULL, NULL, NULL, load_store_call},
    {TIER_BUILTIN, NULL, out_param_names, NULL, out_param_call},
    {TIER_BUILTIN, NULL, NULL, &dialect_cuda, surface_call},
    {TIER_BUILTIN, NULL, NULL, &dialect_cuda, curand_call},
    {TIER_BUILTIN, NULL, NULL, &dialect_opencl, opencl_call},
    {TIER_BUILTIN, NULL, NULL, NULL, arith_call},
    {TIER_BUILTIN, NULL, NULL, NULL, math_call},
};

const ModelSet mapkit_models = {
    models, (int)(sizeof models / sizeof models[0]), rows, (int)(sizeof rows / sizeof rows[0]),
};
