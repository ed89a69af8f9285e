__global__ void reverse_sync(int *d) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = d[blockIdx.x * blockDim.x + t];
    __syncthreads();
    d[blockIdx.x * blockDim.x + t] = s[blockDim.x - 1 - t];
}
