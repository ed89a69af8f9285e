// expect: drf — four threads write the four components of one float4: distinct bytes.
__global__ void vector_components(float4 *V)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    switch (t % 4) {
    case 0: V[t / 4].x = 1.0f; break;
    case 1: V[t / 4].y = 1.0f; break;
    case 2: V[t / 4].z = 1.0f; break;
    default: V[t / 4].w = 1.0f; break;
    }
}
