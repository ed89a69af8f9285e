__global__ void per_block_write(float *a) {
    a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}
