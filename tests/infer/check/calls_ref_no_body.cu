//pass
//--blockDim=64 --gridDim=1
// expect: drf — pick(k) has no body and may change k, but the write indexes by threadIdx.x, kept in its own variable

__device__ void pick(int &k);

__global__ void scatter(float *a)
{
    int k = threadIdx.x;
    int own = threadIdx.x;
    pick(k);
    a[own] = (float)k;
}
