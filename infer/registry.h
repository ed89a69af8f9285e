/* The models the front end runs with (registry.c).
 *
 * Ownership: a constant. */
#ifndef MAPKIT_INFER_REGISTRY_H
#define MAPKIT_INFER_REGISTRY_H

#include "model.h"

extern const ModelSet mapkit_models;

#endif
