__global__ void loop_sync(const float *in, float *out, int n) {
    __shared__ float s[256];
    int t = threadIdx.x;
    float acc = 0;
    for (int i = 0; i < n; i++) {
        s[t] = in[i * blockDim.x + t];
        __syncthreads();
        acc += s[(t + 1) % blockDim.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = acc;
}
