__global__ void reverse_nosync(int *d) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = d[blockIdx.x * blockDim.x + t];
    d[blockIdx.x * blockDim.x + t] = s[blockDim.x - 1 - t];
}
