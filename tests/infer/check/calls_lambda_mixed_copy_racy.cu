//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: step() moves only its own copy of k, so every iteration writes s[threadIdx.x] and thread 0 reads it in the second iteration with no barrier between

__global__ void sweep(float *out)
{
    __shared__ float s[256];
    int k = threadIdx.x;
    auto step = [&, k]() mutable { k += 64; };
    for (int it = 0; it < 3; it++) {
        s[k] = (float)it;
        __syncthreads();
        out[threadIdx.x * 3 + it] = s[(threadIdx.x + 1) % 64];
        step();
    }
}
