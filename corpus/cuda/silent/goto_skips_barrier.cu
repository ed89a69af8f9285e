//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — threads below 16 jump over __syncthreads(), which the others reach (a divergence); a front end that does not follow goto must not call it race-free.
// A forward goto that skips a barrier.
__global__ void skip(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    if (threadIdx.x < 16)
        goto done;
    __syncthreads();
    data[threadIdx.x] = s[63 - threadIdx.x];
done:
    data[threadIdx.x] += 1.0f;
}
