// expect: drf — constant memory and a by-value struct's array are never written by other threads.
struct Params { float w[4]; int n; };
__constant__ float c_weights[16];

__global__ void k(Params p, float *out)
{
    float local[4];
    for (int j = 0; j < 4; j++)
        local[j] = p.w[j] * c_weights[(threadIdx.x + j) % 16];
    out[blockIdx.x * blockDim.x + threadIdx.x] = local[threadIdx.x % 4] + p.n;
}
