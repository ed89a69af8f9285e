#pragma once
__global__ void scale(float *x, int n);
__global__ void tile_sum(const float *in, float *out);
