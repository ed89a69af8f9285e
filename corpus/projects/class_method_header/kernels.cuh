#pragma once
__global__ void scale_rows(float *x, int n);
__global__ void flip_rows(float *x, int n);
