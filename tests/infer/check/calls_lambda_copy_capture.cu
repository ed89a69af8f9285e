//pass
//--blockDim=64 --gridDim=1
// expect: drf — step() moves only its own copy of k, and a barrier ends each iteration before the next writes s[threadIdx.x]

__global__ void sweep(float *out)
{
    __shared__ float s[256];
    int k = threadIdx.x;
    auto step = [k]() mutable { k += 64; };
    for (int it = 0; it < 3; it++) {
        s[k] = (float)it;
        __syncthreads();
        out[threadIdx.x * 3 + it] = s[(threadIdx.x + 1) % 64];
        __syncthreads();
        step();
    }
}
