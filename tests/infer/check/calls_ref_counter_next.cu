//pass
//--blockDim=64 --gridDim=1
// expect: drf — next(k) advances k by the block's width through an int &: a block-stride loop

__device__ void next(int &k) { k += blockDim.x; }

__global__ void clear(float *a, int n)
{
    for (int k = threadIdx.x; k < n; next(k))
        a[k] = (float)threadIdx.x;
}
