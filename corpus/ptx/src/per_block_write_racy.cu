__global__ void per_block_write_racy(float *a) {
    a[threadIdx.x] = (float)blockIdx.x;
}
