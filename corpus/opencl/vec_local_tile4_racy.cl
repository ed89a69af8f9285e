//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — without the barrier, the vload4 of tile at (lid + 1) % 64 races with the neighbour's vstore4 to the same tile cells
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[256];
  size_t lid = get_local_id(0);
  size_t gid = get_global_id(0);
  vstore4(vload4(gid, in), lid, tile);
  float4 v = vload4((lid + 1) % 64, tile);
  vstore4(v.s3210, gid, out);
}
