//pass
//--blockDim=128 --gridDim=4
// expect: drf — a helper's pre- and postconditions, and the loop invariants of a strided loop with a barrier per step, change nothing: the reduction is uniform and race free.
__device__ int half_of(int s)
{
    __requires(s > 1);
    __ensures(__return_val_int() * 2 == s);
    return s / 2;
}

__global__ void reduce(int *out, const int *in)
{
    __shared__ int buf[128];
    __requires_fresh_array(out);
    buf[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    __syncthreads();
    for (int s = 128; __invariant(__is_pow2(s)), __invariant(__no_read(out)), s > 1; s /= 2) {
        __global_invariant(__implies(__enabled(), s <= 128));
        int h = half_of(s);
        if (threadIdx.x < h)
            buf[threadIdx.x] += buf[threadIdx.x + h];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = buf[0];
}
