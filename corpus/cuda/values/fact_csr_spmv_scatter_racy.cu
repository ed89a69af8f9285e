//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — prod: with no fact stated, row[] is arbitrary (e.g. row = {0, 2, 0, 2}), so rows 0 and 2 both write prod[0] = ... in their row loops.
// CSR SpMV, one thread per row, that also keeps each nonzero's product val[i] * x[col[i]] in prod[i].
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif

__global__ void spmvCsrProducts(const int *row, const int *col, const float *val,
                                const float *x, float *prod, float *y, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n) {
        float sum = 0.0f;
        for (int i = row[v]; i < row[v + 1]; i++) {
            float p = val[i] * x[col[i]];
            prod[i] = p;
            sum += p;
        }
        y[v] = sum;
    }
}
