__global__ void pred_store(int *a) {
    if (threadIdx.x == 0) a[blockIdx.x] = 1;
}
