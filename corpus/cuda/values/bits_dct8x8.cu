//pass
//--blockDim=64 --gridDim=[16,16]
// expect: drf — thread (r, c) = (tid >> 3, tid & 7) writes tile[tid] and tmp[(c << 3) | r], both one-to-one in tid, with barriers between the passes, and each coef cell belongs to one thread of one block.
// Separable 8x8 DCT-II of a (16*8)-wide image, one 8x8 block per thread block; the row pass is stored transposed.
__constant__ float dctCos[64];         // dctCos[u * 8 + x] = alpha(u) * cos((2x + 1) u pi / 16)

__global__ void dct8x8(const float *img, float *coef)
{
    __shared__ float tile[64];
    __shared__ float tmp[64];
    int tid = threadIdx.x;
    int r = tid >> 3, c = tid & 7;
    int width = gridDim.x * 8;
    int x0 = blockIdx.x * 8, y0 = blockIdx.y * 8;

    tile[tid] = img[(y0 + r) * width + x0 + c];
    __syncthreads();

    float acc = 0.0f;                  // row r, frequency c
    for (int x = 0; x < 8; x++)
        acc += dctCos[(c << 3) | x] * tile[(r << 3) | x];
    tmp[(c << 3) | r] = acc;
    __syncthreads();

    acc = 0.0f;                        // frequency (c, r) from row r of tmp
    for (int y = 0; y < 8; y++)
        acc += dctCos[(c << 3) | y] * tmp[(r << 3) | y];
    coef[(y0 + c) * width + x0 + r] = acc;
}
