//pass
//--local_size=64 --num_groups=16
// expect: drf — each work-item vstore4s its own 4 cells of tile, and the barrier orders them before the neighbour's vload4
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[256];
  size_t lid = get_local_id(0);
  size_t gid = get_global_id(0);
  vstore4(vload4(gid, in), lid, tile);
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 v = vload4((lid + 1) % 64, tile);
  vstore4(v.s3210, gid, out);
}
