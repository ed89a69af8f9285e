__global__ void vec_copy(const float4 *in, float4 *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}
