__global__ void pred_store_racy(int *a) {
    if (threadIdx.x < 2) a[blockIdx.x] = threadIdx.x;
}
