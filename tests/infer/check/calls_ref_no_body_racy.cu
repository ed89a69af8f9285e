//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: pick(k) has no body and takes k by int &, so after it k may be any value and two threads may write one cell

__device__ void pick(int &k);

__global__ void scatter(float *a)
{
    int k = threadIdx.x;
    pick(k);
    a[k] = (float)threadIdx.x;
}
