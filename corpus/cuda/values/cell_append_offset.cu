//pass
//--blockDim=256 --gridDim=64
// expect: drf — no thread writes pos[0], so every thread of the grid reads one offset and thread i writes only keys[pos + i] and vals[pos + i].
// Appends one key/value pair per thread at the offset held in pos[0]; the host advances the offset after the launch.
__global__ void appendPairs(int *pos, const int *k, const float *v, int *keys, float *vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    keys[pos[0] + i] = k[i];
    vals[pos[0] + i] = v[i];
}
