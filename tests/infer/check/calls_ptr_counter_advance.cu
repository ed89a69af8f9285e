//pass
//--blockDim=64 --gridDim=1
// expect: drf — advance(&k) moves k by the block's width through a pointer: a block-stride loop

__device__ void advance(int *k) { *k += blockDim.x; }

__global__ void clear(float *a, int n)
{
    int k = threadIdx.x;
    while (k < n) {
        a[k] = (float)threadIdx.x;
        advance(&k);
    }
}
