//pass
//--local_size=[16,16] --num_groups=[4,4]
// expect: drf — 16x16 local tiles of A and B, a barrier after loading and after using each tile
#define TILE 16
#define N 64

__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int row = get_group_id(1) * TILE + ty;
    int col = get_group_id(0) * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < N / TILE; t++) {
        As[ty][tx] = A[row * N + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}
