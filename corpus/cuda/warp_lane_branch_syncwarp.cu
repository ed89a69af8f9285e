//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: divergent — only lanes 0 to 15 of each warp reach the __syncwarp() inside if (lane < 16); every lane of the warp must.
// Half of each warp rotates its values through shared memory, with the warp barrier inside the half's branch.
__global__ void rotate_low_half(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned int t = threadIdx.x;
    unsigned int lane = t % 32;
    if (lane < 16) {
        s[t] = in[blockIdx.x * 64 + t];
        __syncwarp();
        out[blockIdx.x * 64 + t] = s[t - lane + (lane + 1) % 16];
    }
}
