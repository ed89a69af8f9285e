//pass
//--blockDim=256 --gridDim=32
// expect: drf — `if (extra)` tests a pointer parameter, null or not for the whole launch: every thread of the block reaches the barrier inside, or none.
// An optional second output, written only when the caller passes one.
__global__ void smooth(const float *in, float *out, float *extra)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    s[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = 0.5f * (s[threadIdx.x] + s[(threadIdx.x + 1) % 256]);
    if (extra != nullptr) {
        __syncthreads();
        s[threadIdx.x] = out[i];
        __syncthreads();
        extra[i] = s[(threadIdx.x + 255) % 256];
    }
}
