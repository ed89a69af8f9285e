//pass
//--blockDim=256 --gridDim=64
// expect: drf — row[] is stated nondecreasing over its n + 1 cells, so distinct rows v < w have disjoint ranges [row[v], row[v+1]) and [row[w], row[w+1]) and each prod[i] is written by one thread.
// CSR SpMV, one thread per row, that also keeps each nonzero's product val[i] * x[col[i]] in prod[i].
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif

__global__ void spmvCsrProducts(const int *row, const int *col, const float *val,
                                const float *x, float *prod, float *y, int n)
{
    __mapkit_nondecreasing(row, n + 1);
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
