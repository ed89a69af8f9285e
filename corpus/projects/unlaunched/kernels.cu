/* launched from main.cu with one block of 64 threads: race-free */
__global__ void fill(int *a)
{
    a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

/* launched nowhere in the project: checked for every launch, where two
 * blocks write the same cells */
__global__ void orphan(int *a)
{
    a[threadIdx.x] = blockIdx.x;
}
