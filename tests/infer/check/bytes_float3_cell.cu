// expect: drf — the twin of bytes_float3_cell_racy: thread 5 writes V[5].y, a cell thread 4 does not write.
__global__ void float3_cell_other(float *out)
{
    __shared__ float3 V[8];
    int t = threadIdx.x;
    if (t == 4)
        V[4] = make_float3(0.0f, 0.0f, 0.0f);
    if (t == 5)
        V[5].y = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = V[t % 8].z;
}
