// expect: unknown — RngState is only declared (its header is not part of the file), and rng_next() has no body: the generator state it receives, shared by every thread through a __device__ pointer, may be written, which is not followed.
struct RngState;
__device__ float rng_next(RngState *state);
__device__ RngState *rng_states;

__global__ void k(float *out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = rng_next(rng_states);
}
