// Values the same in every thread that do not travel through memory
// (docs/inference.md, "Shared data"): __constant__ variables, float
// parameters and literals, math functions of them; and a local whose
// address is taken, whose value is no longer known.
struct Settings {
    int rounds;
    float gain;
    int *table;
};

__constant__ Settings c_set;
__constant__ int c_limit;

__device__ void overwrite(int *p) { *p = threadIdx.x; }

__global__ void sharedValues(float *a, float alpha, int n)
{
    __shared__ float t[64];
    t[threadIdx.x] = a[threadIdx.x];
    if (c_set.rounds > c_limit) {
        __syncthreads();
        a[threadIdx.x] = t[63 - threadIdx.x];
    }
    if (alpha * c_set.gain > 0.5f) {
        __syncthreads();
        c_set.table[threadIdx.x] = 1;
    }
    for (int i = 1; i <= __log2f(64); i++) {
        int step = __powf(2, i);
        __syncthreads();
        t[threadIdx.x] = step;
    }
    int k = n;
    overwrite(&k);
    a[k] = 0.0f;
}
