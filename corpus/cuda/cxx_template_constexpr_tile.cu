//pass
//--blockDim=[16,16] --gridDim=[4,4]
// expect: drf — the constexpr TILE (16) instantiates transposeTile; tile[ty][tx] is written by its own thread, and after the barrier thread (tx, ty) reads tile[tx][ty], written by thread (ty, tx).
// A constexpr tile size used as a template argument at the launch site
// (a 64x64 matrix).
constexpr int TILE = 16;
#define WIDTH 64

template <int T>
__global__ void transposeTile(const float *in, float *out)
{
    const int width = WIDTH;
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x;
    int y = blockIdx.y * T + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    int tx = blockIdx.y * T + threadIdx.x;
    int ty = blockIdx.x * T + threadIdx.y;
    out[ty * width + tx] = tile[threadIdx.x][threadIdx.y];
}

void transpose(const float *in, float *out)
{
    dim3 block(TILE, TILE);
    dim3 grid(WIDTH / TILE, WIDTH / TILE);
    transposeTile<TILE><<<grid, block>>>(in, out);
}
