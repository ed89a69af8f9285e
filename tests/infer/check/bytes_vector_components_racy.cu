// expect: racy — the twin of bytes_vector_components: the fourth thread writes the whole vector, over the others' components.
__global__ void vector_components_whole(float4 *V)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    switch (t % 4) {
    case 0: V[t / 4].x = 1.0f; break;
    case 1: V[t / 4].y = 1.0f; break;
    case 2: V[t / 4].z = 1.0f; break;
    default: V[t / 4] = make_float4(0.0f, 0.0f, 0.0f, 0.0f); break;
    }
}
