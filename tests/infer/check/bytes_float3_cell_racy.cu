// expect: racy — thread 5 writes V[4].y while thread 4 writes V[4] whole: a float3 is 12 bytes in CUDA, and its member's bytes lie in the cell's.
__global__ void float3_cell(float *out)
{
    __shared__ float3 V[8];
    int t = threadIdx.x;
    if (t == 4)
        V[4] = make_float3(0.0f, 0.0f, 0.0f);
    if (t == 5)
        V[4].y = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = V[t % 8].z;
}
